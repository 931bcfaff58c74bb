// What the bench reads of a running build process from Linux's /proc.
import fs from 'node:fs';

/** Peak RSS so far of a running process (VmHWM), in KiB: still known when the process dies. */
export function readHwm(pid) {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
