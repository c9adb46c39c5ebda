/** Runs a child process, Node's unless told (tsx scripts take `--import tsx`), and measures its wall time and peak memory. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Peak RSS in KiB: /usr/bin/time's %M when present, else VmHWM sampled from /proc. */
export async function measure(
  args: string[],
  program = process.execPath,
): Promise<{ seconds: number; peakKiB: number; stdout: string; code: number | null }> {
  const useTime = existsSync('/usr/bin/time');
  const command = useTime ? '/usr/bin/time' : program;
  const fullArgs = useTime ? ['-f', 'PEAK_RSS_KIB %M', program, ...args] : args;
  const started = performance.now();
  const child = spawn(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let sampled = 0;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setInterval(() => {
    try {
      const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (match) sampled = Math.max(sampled, Number(match[1]));
    } catch {
      /* exited */
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  const fromTime = /PEAK_RSS_KIB (\d+)/.exec(stderr);
  if (code !== 0) process.stderr.write(stderr);
  return { seconds, peakKiB: fromTime ? Number(fromTime[1]) : sampled, stdout, code };
}
