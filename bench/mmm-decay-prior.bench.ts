// The MMM's decay prior, fixed Beta(3, 3) against the data's choice, side by side (decision 214).
// Runs measurement-mmm.bench.ts twice per part, BENCH_DECAY=fixed and BENCH_DECAY=estimated, in two
// processes at once (accuracy does not depend on load), and prints each figure of the model's rows
// beside each other. BENCH_DECAY_PARTS (default demo,mmm,published) picks the parts; the demo part
// fits BENCH_DEMO_WEEKS (default 156) weeks of causal seeds BENCH_SEED_FROM (default 21) onwards,
// BENCH_SEEDS (default 40) of them; BENCH_FIT_SEED moves the sampler's seeds (decision 162's noise band).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load } from './support/load-average.ts';

const script = fileURLToPath(new URL('./measurement-mmm.bench.ts', import.meta.url));
const parts = (process.env.BENCH_DECAY_PARTS ?? 'demo,mmm,published').split(',').filter(Boolean);
const settings = ['fixed', 'estimated'] as const;

function run(part: string, decay: (typeof settings)[number]): Promise<string> {
  const env = {
    ...process.env,
    BENCH_PART: part,
    BENCH_DECAY: decay,
    BENCH_DEMO_WEEKS: process.env.BENCH_DEMO_WEEKS ?? '156',
    BENCH_SEEDS: process.env.BENCH_SEEDS ?? '40',
    BENCH_SEED_FROM: process.env.BENCH_SEED_FROM ?? '21',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${part} ${decay} exited with ${code}`)),
    );
  });
}

/** The model's figures of one run, label → value, in the order printed (the oracle's rows left out). */
function figures(output: string): Map<string, string> {
  const model = output.split(/\nOracle/)[0]!;
  const found = new Map<string, string>();
  const take = (label: string, pattern: RegExp) => {
    const match = pattern.exec(model);
    if (match) found.set(label, match[1]!);
  };
  take('channels, share within ±5 points', /shares? within ±5 points:? (\d+\/\d+)/);
  take('channels, true ROAS inside the 90 % interval', /true ROAS inside the 90 % interval:? (\d+\/\d+)/);
  take(
    'datasets, every share within ±5 points',
    /datasets with every channel's share within ±5 points (\d+\/\d+)/,
  );
  take('datasets, every true ROAS inside', /with every true ROAS inside its interval (\d+\/\d+)/);
  take('share median |error|, points', /median \|error\| ([\d.]+) points/);
  for (const m of model.matchAll(
    /^ {2}(\S[^:\n]*): share off by > 5 points (\d+\/\d+).*ROAS model ÷ truth median ([\d.]+); true ROAS outside the interval (\d+\/\d+)/gm,
  )) {
    found.set(`${m[1]}: share off > 5 points`, m[2]!);
    found.set(`${m[1]}: true ROAS outside`, m[4]!);
    found.set(`${m[1]}: ROAS ÷ truth`, m[3]!);
  }
  const time = /(\d+ ms per fit|[\d.]+ s per fit)/.exec(output);
  if (time) found.set('time', time[1]!);
  return found;
}

console.log(`Decay prior: Beta(3, 3) by name vs chosen by the data (decision 214); load ${load()}`);
for (const part of parts) {
  const [fixed, estimated] = (await Promise.all(settings.map((s) => run(part, s)))).map(figures);
  const header = part === 'demo' ? `demo, ${process.env.BENCH_DEMO_WEEKS ?? 156} weeks` : part;
  console.log(`${header}:`);
  const width = Math.max(...[...fixed!.keys()].map((k) => k.length));
  console.log(`  ${''.padEnd(width)}  ${'Beta(3, 3)'.padStart(12)}  ${'data-chosen'.padStart(12)}`);
  for (const [label, value] of fixed!)
    console.log(
      `  ${label.padEnd(width)}  ${value.padStart(12)}  ${(estimated!.get(label) ?? '—').padStart(12)}`,
    );
}
console.log(`load ${load()}`);
