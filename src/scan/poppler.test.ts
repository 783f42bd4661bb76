import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hugePagePdf } from '../../tests/support/hostile-files';
import { PopplerFailed, runPoppler } from './poppler';

// Every poppler process of product code runs under a memory cap, a CPU cap and a timeout that
// kills its process group (docs/scan-reading.md "Limits on input").
const dir = mkdtempSync(join(tmpdir(), 'acs-poppler-limits-'));
const big = join(dir, 'big.pdf');
writeFileSync(big, hugePagePdf(5_000));

/** The pids of live processes whose command line holds `text` (this run's own output path). */
function processesRunningWith(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

describe('poppler under limits', () => {
  it('runs a tool and gives its output', async () => {
    expect((await runPoppler('pdfinfo', [big])).stdout).toMatch(/Pages:\s+1/);
  });

  it('a render past its memory cap is stopped by the kernel (pdftoppm says "Out of memory", even with exit 0), not by the machine running out', async () => {
    // 5,000 pt at 600 dpi is 41,667² pixels: 1.7 GB of grey; the cap is 64 MB here. Without the cap
    // the render would run into the 30 s timeout (why 'timeout') or succeed, never say 'memory'.
    const failure = await runPoppler('pdftoppm', ['-gray', '-r', '600', big, join(dir, 'out')], { memoryBytes: 64 * 1024 * 1024 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PopplerFailed);
    expect((failure as PopplerFailed).why).toBe('memory');
    expect(processesRunningWith(join(dir, 'out'))).toEqual([]);
  });

  it('a run past its time is killed with its whole process group', async () => {
    // 'timeout' comes only from the 200 ms timer here (the CPU cap is 30 s, past the test's own limit).
    const failure = await runPoppler('pdftoppm', ['-gray', '-r', '300', big, join(dir, 'slow')], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect([failure instanceof PopplerFailed, (failure as PopplerFailed).why]).toEqual([true, 'timeout']);
    // Nothing of the run is left: the process group went with it (prlimit execs the tool, so that is pdftoppm).
    expect(processesRunningWith(join(dir, 'slow'))).toEqual([]);
  });

  it('a tool that fails says so, its text kept for logs only', async () => {
    const failure = (await runPoppler('pdfinfo', [join(dir, 'missing.pdf')]).catch((e: unknown) => e)) as PopplerFailed;
    expect([failure.why, failure.tool]).toEqual(['exit', 'pdfinfo']);
    expect(failure.detail).toMatch(/missing\.pdf|Couldn't open/);
  });
});
