import { describe, expect, it } from 'vitest';
import {
  blockOf,
  cellsOf,
  coverDays,
  dayNumberOf,
  dayOfNumber,
  decodeCells,
  encodeCells,
  lastDayOfBlock,
  MAX_TILE_LEVEL,
  sumCells,
  summariseCells,
} from './heatmap-tiles.ts';

/** A deterministic pseudo-random sequence (tests stay reproducible). */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('coverDays', () => {
  it('covers every range exactly with aligned blocks, at most two a level', () => {
    const random = lcg(7);
    for (let trial = 0; trial < 2000; trial++) {
      const from = 20_000 + Math.floor(random() * 800);
      const to = from + Math.floor(random() * 600) - 20;
      const blocks = coverDays(from, to);
      const covered: number[] = [];
      for (const block of blocks) {
        expect(block.first % 2 ** block.level).toBe(0);
        expect(block.level).toBeLessThanOrEqual(MAX_TILE_LEVEL);
        for (let day = block.first; day <= lastDayOfBlock(block); day++) covered.push(day);
      }
      expect(covered).toEqual(Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k));
      for (let level = 0; level <= MAX_TILE_LEVEL; level++)
        expect(blocks.filter((block) => block.level === level).length).toBeLessThanOrEqual(2);
    }
  });

  it('reads a 30-day range in a handful of tiles', () => {
    const from = dayNumberOf('2026-10-24');
    const blocks = coverDays(from, from + 29);
    expect(blocks.length).toBeLessThanOrEqual(8);
    expect(dayOfNumber(from)).toBe('2026-10-24');
    expect(blockOf(from + 5, 3)).toEqual({ level: 3, first: Math.floor((from + 5) / 8) * 8 });
  });
});

describe('cell lists', () => {
  it('sums any number of lists like a map of counts, and survives packing', () => {
    const random = lcg(11);
    const expected = new Map<string, number>();
    const lists = Array.from({ length: 9 }, () => {
      const triples = Array.from({ length: Math.floor(random() * 300) }, () => ({
        xBin: Math.floor(random() * 100),
        yBin: Math.floor(random() * 400),
        count: 1 + Math.floor(random() * 5),
      }));
      for (const { xBin, yBin, count } of triples)
        expected.set(`${xBin}/${yBin}`, (expected.get(`${xBin}/${yBin}`) ?? 0) + count);
      return decodeCells(encodeCells(cellsOf(triples)));
    });
    const sum = sumCells(lists);
    expect([...sum.index].every((value, k) => k === 0 || sum.index[k - 1]! < value)).toBe(true);
    const got = new Map(
      [...sum.index].map((index, k) => [`${index % 100}/${Math.floor(index / 100)}`, sum.count[k]]),
    );
    expect(got).toEqual(expected);
    expect(sumCells([])).toEqual({ index: new Uint32Array(0), count: new Float64Array(0) });
  });

  it('keeps counts beyond 32 bits exact', () => {
    const big = cellsOf([{ xBin: 3, yBin: 70_000, count: 2 ** 40 + 1 }]);
    expect(decodeCells(encodeCells(sumCells([big, big]))).count[0]).toBe(2 ** 41 + 2);
  });

  it('rejects a packed value that is not whole cells', () => {
    expect(() => decodeCells(new Uint8Array(13))).toThrow(/not whole cells/);
  });
});

describe('summariseCells', () => {
  it('returns the hottest cells first (ties top to bottom, left to right), the 99th percentile and the depth', () => {
    const triples = Array.from({ length: 200 }, (_, k) => ({
      xBin: k % 10,
      yBin: Math.floor(k / 10),
      count: 1 + (k % 7),
    }));
    triples.push({ xBin: 50, yBin: 300, count: 1000 });
    const summary = summariseCells(cellsOf(triples), 5);
    expect(summary.top[0]).toEqual({ xBin: 50, yBin: 300, count: 1000 });
    // Count 7 first appears at k = 6 (row 0, column 6), then k = 13 (row 1, column 3).
    expect(summary.top.slice(1, 3)).toEqual([
      { xBin: 6, yBin: 0, count: 7 },
      { xBin: 3, yBin: 1, count: 7 },
    ]);
    // Nearest rank: the 199th of 201 sorted counts.
    const sorted = triples.map((t) => t.count).sort((a, b) => a - b);
    expect(summary.scaleMax).toBe(sorted[Math.ceil(0.99 * 201) - 1]);
    expect(summary.maxYBin).toBe(300);
    expect(summariseCells(sumCells([]), 5)).toEqual({ top: [], scaleMax: 1, maxYBin: -1 });
  });
});
