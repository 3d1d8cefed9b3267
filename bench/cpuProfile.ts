// This process's CPU profile while `work` runs (node:inspector, sampling every 100 µs), summed by function: where
// the time of one measure went, apart from the seeding before it, which a whole-run --cpu-prof is mostly made of.
import inspector from 'node:inspector/promises';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Runs `work` under the profiler; prints the `top` functions by self time, with their share of the whole. */
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
    const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const self = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const f = frames.get(id);
      const where = f?.url
        ? ` ${f.url.replace(/^.*node_modules\//, '').replace(/^.*\//, '')}:${f.lineNumber}`
        : '';
      const key = `${f?.functionName || '(anonymous)'}${where}`;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      self.set(key, (self.get(key) ?? 0) + ms);
      total += ms;
    });
    console.log(`  profile of ${label}: self time by function, ${total.toFixed(0)} ms in all`);
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(
        `    ${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`,
      );
  }
}
