import { accessSync, constants } from 'node:fs';
import { canInstallDebianPackages, installDebianPackages } from './debian-packages';
import { commandExists, readCommand } from './run-command';
import { SetupError, step } from './setup-messages';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-cjk', 'poppler-utils'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** What stops PDF rendering (and, for tests, reading PDFs back as pixels) on this machine. */
function problems(chromiumPath: string, needPdftoppm: boolean): string[] {
  const found: string[] = [];
  if (!isExecutable(chromiumPath)) found.push(`no Chromium at ${chromiumPath}`);
  // Without a CJK face the cards' Chinese prints as empty boxes, which no error would reveal.
  const cjk = readCommand('fc-list', [':family=Noto Sans CJK TC', 'family']);
  if (!cjk?.trim()) found.push('no Noto Sans CJK fonts (fonts-noto-cjk)');
  if (needPdftoppm && !commandExists('pdftoppm')) found.push('no pdftoppm (poppler-utils)');
  return found;
}

/** The Chromium to render with: CHROMIUM_PATH, else Debian's, installed when we are root. */
export async function findChromium(options: { needPdftoppm: boolean }): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  const chromiumPath = configured || DEFAULT_CHROMIUM;
  let found = problems(chromiumPath, options.needPdftoppm);
  if (found.length === 0) return chromiumPath;
  const installable = !(configured && !isExecutable(configured)) && canInstallDebianPackages();
  if (installable) {
    step(`Chromium check: ${found.join('; ')}`);
    await installDebianPackages(PACKAGES);
    found = problems(chromiumPath, options.needPdftoppm);
    if (found.length === 0) return chromiumPath;
  }
  throw new SetupError(
    `PDF rendering cannot work here: ${found.join('; ')}.\n` +
      `  Install what is missing (Debian/Ubuntu, as root: apt-get install -y ${PACKAGES.join(' ')})` +
      `${configured ? ',\n  or correct CHROMIUM_PATH' : ',\n  or set CHROMIUM_PATH to a Chromium or Chrome executable'}.`,
  );
}
