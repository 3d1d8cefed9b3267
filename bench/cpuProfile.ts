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

/** Runs `work` under the profiler; prints the `top` functions by inclusive and by self time, with their shares. */
export async function profiled<T>(label: string, work: () => Promise<T>, top = 20): Promise<T> {
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
  }
}
