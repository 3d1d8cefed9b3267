// This process's CPU profile while `work` runs (node:inspector, sampling every 100 µs), by function with what it calls
// (inclusive) and without (self): where the time of one measure went, apart from the seeding before it, which a
// whole-run --cpu-prof is mostly made of. Time a socket write spends while the database runs on the same core shows
// as the write's (`writev`), and time waiting on the database with nothing else to do as `(idle)`.
import inspector from 'node:inspector/promises';

interface Profile {
  nodes: {
    id: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

function print(title: string, times: Map<string, number>, total: number, top: number) {
  console.log(`    ${title}`);
  for (const [key, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `    ${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`,
    );
}

/**
 * Where a function's time belongs: PostgreSQL in WebAssembly, a file system call, the profiler's own entries
 * (`(idle)`, `(garbage collector)`, `(program)`), or the script it is in (the portal's bundle, a PGlite chunk, a
 * Node module, a library).
 */
function partOf(key: string): string {
  if (key.startsWith('wasm-function')) return 'PostgreSQL in WebAssembly (PGlite)';
  if (/^\((idle|program|garbage collector)\)/.test(key)) return key;
  const file = / ([^ ]+):\d+$/.exec(key)?.[1];
  if (!file) return /^[a-z]+$/i.test(key) ? `native: ${key}` : key;
  return /^chunk-/.test(file) ? `PGlite's JavaScript (${file})` : file;
}

/**
 * Runs `work` under the profiler; prints the `top` functions (PROFILE_TOP, 20 by default) by inclusive and by self
 * time, with their shares, and the self time by part (partOf).
 */
export async function profiled<T>(
  label: string,
  work: () => Promise<T>,
  top = Number(process.env.PROFILE_TOP ?? 20),
): Promise<T> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    const keys = new Map(
      profile.nodes.map(({ id, callFrame: f }) => {
        const where = f.url
          ? ` ${f.url.replace(/^.*node_modules\//, '').replace(/^.*\//, '')}:${f.lineNumber}`
          : '';
        return [id, `${f.functionName || '(anonymous)'}${where}`];
      }),
    );
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const key = keys.get(id) ?? '?';
      self.set(key, (self.get(key) ?? 0) + ms);
      const onStack = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n))
        onStack.add(keys.get(n) ?? '?');
      for (const k of onStack) inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
      total += ms;
    });
    console.log(`  profile of ${label}: ${total.toFixed(0)} ms in all`);
    print('with what each calls:', inclusive, total, top * 2);
    print('self time:', self, total, top);
    const parts = new Map<string, number>();
    for (const [key, ms] of self) parts.set(partOf(key), (parts.get(partOf(key)) ?? 0) + ms);
    print('self time by part:', parts, total, 20);
    // PROFILE_CALLERS=name: who called the functions whose key starts with it, by their eight nearest callers
    const focus = process.env.PROFILE_CALLERS;
    if (focus) {
      const stacks = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        if (!(keys.get(id) ?? '').startsWith(focus)) return;
        const chain: string[] = [];
        for (let n = parent.get(id); n !== undefined && chain.length < 8; n = parent.get(n))
          chain.push(keys.get(n) ?? '?');
        const k = chain.join(' < ');
        stacks.set(k, (stacks.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      print(`callers of ${focus}:`, stacks, total, 10);
    }
  }
}
