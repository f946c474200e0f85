// The files npm would publish, as `npm pack --dry-run` lists them (package.json `files`,
// npm's own rules: README.md and package.json always ship): what a user of the package
// has on disk, whatever the repository holds beside it.
import { execFile } from 'node:child_process';
import { PROJECT_ROOT } from './run-wirecheck.ts';

let packed: Promise<ReadonlySet<string>> | undefined;

/** Paths relative to the package root, with forward slashes. */
export function packedFiles(): Promise<ReadonlySet<string>> {
  packed ??= new Promise((resolve, reject) => {
    execFile('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`npm pack --dry-run failed: ${error.message}\n${stderr}`));
      const [pack] = JSON.parse(stdout) as [{ files: { path: string }[] }];
      resolve(new Set(pack.files.map((f) => f.path)));
    });
  });
  return packed;
}
