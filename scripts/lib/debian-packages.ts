import { existsSync, readdirSync } from 'node:fs';
import { commandExists, readCommand, runCommand } from './run-command';
import { SetupError, step } from './setup-messages';

/** Only root on Debian may install what is missing; everyone else gets told what to install. */
export function canInstallDebianPackages(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && commandExists('apt-get');
}

export function debianPackageInstalled(name: string): boolean {
  return readCommand('dpkg-query', ['-W', '-f=${Status}', name])?.includes('install ok installed') ?? false;
}

// A fresh image has empty package lists; `apt-get update` is slow, so run it at most once.
let listsUpdated = false;

function packageListsPresent(): boolean {
  const dir = '/var/lib/apt/lists';
  return existsSync(dir) && readdirSync(dir).some((name) => name.includes('_Packages'));
}

const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
// Another apt run (an unattended upgrade, a parallel script) holds the lock: wait, don't fail.
const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];

async function aptUpdate(): Promise<void> {
  if (listsUpdated) return;
  listsUpdated = true;
  await runCommand('apt-get', [...lockWait, 'update'], aptEnv);
}

/** Installs the packages not yet installed; retries once after refreshing stale package lists. */
export async function installDebianPackages(names: readonly string[]): Promise<void> {
  const missing = names.filter((name) => !debianPackageInstalled(name));
  if (missing.length === 0) return;
  step(`Installing Debian packages: ${missing.join(' ')}`);
  if (!packageListsPresent()) await aptUpdate();
  const install = () => runCommand('apt-get', [...lockWait, 'install', '-y', ...missing], aptEnv);
  let code = await install();
  if (code !== 0 && !listsUpdated) {
    await aptUpdate();
    code = await install();
  }
  if (code !== 0) throw new SetupError(`apt-get install ${missing.join(' ')} failed (exit ${code}); install them by hand.`);
}
