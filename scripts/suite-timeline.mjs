#!/usr/bin/env node
/**
 * The test suite's timeline (issue #37, decision 172): where a run's wall time goes.
 *
 * 1. Record: run vitest with this file as an extra reporter; it writes each test file's window
 *    (from the moment a worker takes the file to its end: import, hooks and tests), project,
 *    phase durations and test count to `suite-timeline.json` (or $UPSIDE_TIMELINE_OUT):
 *      npx vitest run --reporter=default --reporter=./scripts/suite-timeline.mjs
 * 2. Read: `node scripts/suite-timeline.mjs suite-timeline.json [--workers N]` prints the wall
 *    time, the time with fewer files running than workers (and the longest such gaps), the time
 *    per project, the heaviest files, each worker lane as it was filled, and the lower bound a
 *    perfect packing of these durations would reach (max of the longest file and the sum over the
 *    workers: the run's forks as recorded, `--workers` to ask another). It also reads vitest's own
 *    `--reporter=json` output, whose per-file window spans
 *    only the tests (not import, `beforeAll` or `afterAll`): gaps in it are partly file setup.
 *
 * Durations taken on a loaded machine are inflated: note `uptime` beside any figure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** vitest reporter: one record per test file. */
export default class SuiteTimelineReporter {
  records = new Map();
  root = process.cwd();
  /** The run's number of forks (vitest.config.ts `maxWorkers`, or the command line's). */
  workers = undefined;

  onInit(vitest) {
    this.root = vitest.config.root;
    this.workers = vitest.config.maxWorkers;
  }

  onTestModuleQueued(testModule) {
    // A file of two projects (main and pglite) is two modules with one id: keyed by both.
    this.records.set(`${testModule.project.name} ${testModule.moduleId}`, {
      file: relative(this.root, testModule.moduleId),
      project: testModule.project.name,
      start: Date.now(),
    });
  }

  onTestModuleEnd(testModule) {
    const record = this.records.get(`${testModule.project.name} ${testModule.moduleId}`);
    if (!record) return;
    const diagnostic = testModule.diagnostic();
    record.end = Date.now();
    record.state = testModule.state();
    record.tests = [...testModule.children.allTests()].length;
    // The worker's CPU for this file, from test/support/file-cpu.ts (main and pglite projects).
    const cpu = testModule.meta().cpu;
    if (cpu) record.cpu = cpu;
    record.phases = {
      environment: Math.round(diagnostic.environmentSetupDuration),
      prepare: Math.round(diagnostic.prepareDuration),
      collect: Math.round(diagnostic.collectDuration),
      setup: Math.round(diagnostic.setupDuration),
      run: Math.round(diagnostic.duration),
    };
  }

  onTestRunEnd() {
    const out = process.env.UPSIDE_TIMELINE_OUT ?? 'suite-timeline.json';
    const files = [...this.records.values()].filter((record) => record.end !== undefined);
    const timeline = { kind: 'upside-suite-timeline', workers: this.workers, files };
    writeFileSync(out, `${JSON.stringify(timeline, null, 1)}\n`);
  }
}

/** Files as { file, project, start, end } from either this reporter's output or vitest's JSON. */
function readFiles(path) {
  const data = JSON.parse(readFileSync(path, 'utf8'));
  if (data.kind === 'upside-suite-timeline') {
    return { files: data.files, windows: 'whole file', workers: data.workers };
  }
  const files = data.testResults
    .filter((result) => result.startTime && result.endTime)
    .map((result) => ({
      file: relative(process.cwd(), result.name),
      project: '?',
      start: result.startTime,
      end: result.endTime,
      tests: result.assertionResults.length,
    }));
  return { files, windows: 'tests only (vitest json: no import or hooks)' };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function analyse(files, workers) {
  const t0 = Math.min(...files.map((f) => f.start));
  const wall = Math.max(...files.map((f) => f.end)) - t0;
  const events = files
    .flatMap((f) => [
      { at: f.start, delta: 1 },
      { at: f.end, delta: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.delta - b.delta);
  const byConcurrency = new Map();
  const gaps = [];
  let running = 0;
  let since = t0;
  for (const event of events) {
    const span = event.at - since;
    if (span > 0) {
      byConcurrency.set(running, (byConcurrency.get(running) ?? 0) + span);
      if (running < workers) gaps.push({ from: since - t0, span, running });
    }
    running += event.delta;
    since = event.at;
  }
  // Merge touching gaps, then name what ran (or what started next) in each.
  const merged = [];
  for (const gap of gaps) {
    const last = merged.at(-1);
    if (last && last.from + last.span === gap.from) {
      last.span += gap.span;
      last.running = Math.min(last.running, gap.running);
    } else merged.push({ ...gap });
  }
  for (const gap of merged) {
    const at = t0 + gap.from;
    gap.during = files.filter((f) => f.start <= at && f.end > at).map((f) => f.file);
    gap.next = files
      .filter((f) => f.start >= at + gap.span - 1)
      .sort((a, b) => a.start - b.start)
      .slice(0, 2)
      .map((f) => f.file);
  }
  // Worker lanes as filled: each file goes to the lane that freed first before it started.
  const lanes = [];
  for (const f of [...files].sort((a, b) => a.start - b.start)) {
    const free = lanes.filter((lane) => lane.end <= f.start + 50).sort((a, b) => b.end - a.end)[0];
    const lane = free ?? { files: [], end: 0, busy: 0 };
    if (!free) lanes.push(lane);
    lane.files.push(f);
    lane.end = f.end;
    lane.busy += f.end - f.start;
  }
  const total = files.reduce((sum, f) => sum + (f.end - f.start), 0);
  const longest = Math.max(...files.map((f) => f.end - f.start));
  const projects = new Map();
  for (const f of files) {
    const p = projects.get(f.project) ?? { files: 0, tests: 0, time: 0, first: Infinity, last: 0 };
    p.files += 1;
    p.tests += f.tests ?? 0;
    p.time += f.end - f.start;
    p.first = Math.min(p.first, f.start - t0);
    p.last = Math.max(p.last, f.end - t0);
    projects.set(f.project, p);
  }
  return { t0, wall, byConcurrency, gaps: merged, lanes, total, longest, projects };
}

function print(path, workersAsked) {
  const { files, windows, workers: recorded } = readFiles(path);
  // The run's own number of forks when the timeline recorded it (older ones did not: they ran two).
  const workers = workersAsked ?? recorded ?? 2;
  const a = analyse(files, workers);
  const out = [];
  out.push(`${files.length} files, windows: ${windows}; ${workers} workers`);
  out.push(`wall ${seconds(a.wall)}; sum of file windows ${seconds(a.total)}`);
  out.push(
    `lower bound for this packing: ${seconds(Math.max(a.longest, a.total / workers))} ` +
      `(longest file ${seconds(a.longest)}, sum / ${workers} ${seconds(a.total / workers)})`,
  );
  out.push('time by files running:');
  for (const [n, ms] of [...a.byConcurrency].sort((x, y) => x[0] - y[0])) {
    out.push(`  ${n}: ${seconds(ms)} (${((100 * ms) / a.wall).toFixed(1)} %)`);
  }
  out.push('per project (files, tests, summed time, first start → last end):');
  for (const [name, p] of a.projects) {
    out.push(
      `  ${name}: ${p.files} files, ${p.tests} tests, ${seconds(p.time)}, ${seconds(p.first)} → ${seconds(p.last)}`,
    );
  }
  out.push('heaviest files:');
  for (const f of [...files].sort((x, y) => y.end - y.start - (x.end - x.start)).slice(0, 15)) {
    const phases = f.phases
      ? ` (prepare ${seconds(f.phases.prepare)}, collect ${seconds(f.phases.collect)})`
      : '';
    out.push(`  ${seconds(f.end - f.start).padStart(8)}  [${f.project}] ${f.file}${phases}`);
  }
  const withCpu = files.filter((f) => f.cpu);
  if (withCpu.length) {
    const own = withCpu.reduce((sum, f) => sum + f.cpu.own, 0);
    const children = withCpu.reduce((sum, f) => sum + f.cpu.children, 0);
    out.push(
      `worker CPU of ${withCpu.length} files: own ${own.toFixed(0)} s, reaped children ${children.toFixed(0)} s ` +
        '(PostgreSQL and the shared Chromium not included); heaviest:',
    );
    for (const f of [...withCpu]
      .sort((x, y) => y.cpu.own + y.cpu.children - (x.cpu.own + x.cpu.children))
      .slice(0, 25)) {
      out.push(
        `  ${(f.cpu.own + f.cpu.children).toFixed(1).padStart(7)} s  (own ${f.cpu.own.toFixed(1)}, children ` +
          `${f.cpu.children.toFixed(1)})  [${f.project}] ${f.file}`,
      );
    }
  }
  out.push(`gaps (fewer than ${workers} files running), longest first:`);
  for (const gap of [...a.gaps].sort((x, y) => y.span - x.span).slice(0, 10)) {
    out.push(
      `  ${seconds(gap.span).padStart(8)} at ${seconds(gap.from)}: as few as ${gap.running} running` +
        `${gap.during.length ? ` (${gap.during.join(', ')})` : ''}; next: ${gap.next.join(', ') || '—'}`,
    );
  }
  out.push('lanes (the last to finish is the critical path):');
  for (const [i, lane] of [...a.lanes].sort((x, y) => y.end - x.end).entries()) {
    out.push(
      `  lane ${i}: ends ${seconds(lane.end - a.t0)}, busy ${seconds(lane.busy)}, ${lane.files.length} files, ` +
        `last: ${lane.files
          .slice(-3)
          .map((f) => f.file)
          .join(', ')}`,
    );
  }
  console.log(out.join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [path, ...rest] = process.argv.slice(2);
  if (!path) {
    console.error('usage: node scripts/suite-timeline.mjs <suite-timeline.json | vitest-json> [--workers N]');
    process.exit(2);
  }
  const at = rest.indexOf('--workers');
  print(path, at >= 0 ? Number(rest[at + 1]) : undefined);
}
