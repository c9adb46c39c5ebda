import fs from 'node:fs';

/** The file an open descriptor names (Linux). */
const pathOf = (fd: number) => {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return '';
  }
};

/**
 * Makes the disk under `folder` full for this process, the way a real one is: a write that would grow a
 * file fails with ENOSPC, while overwriting what a file already holds still works. PGlite writes its
 * files through Node's `fs`, so it meets the same errors as on a disk with no room.
 */
export function fillDisk(folder: string): { free(): void } {
  const writeSync = fs.writeSync;
  const patched = fs as unknown as { writeSync: (...args: unknown[]) => number };
  patched.writeSync = (...args: unknown[]) => {
    const [fd, , , length, position] = args as [number, unknown, number, number, number | null | undefined];
    const grows = typeof position !== 'number' || position + length > fs.fstatSync(fd).size;
    if (grows && pathOf(fd).startsWith(folder)) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    }
    return (writeSync as (...a: unknown[]) => number)(...args);
  };
  return {
    free() {
      patched.writeSync = writeSync as never;
    },
  };
}
