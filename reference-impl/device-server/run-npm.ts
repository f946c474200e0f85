// Running npm in the extension home (npm installs and uninstalls; `--updates` lookups).
import { execFile } from 'node:child_process';

export interface NpmResult {
  stdout: string;
  stderr: string;
}

export function runNpm(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<NpmResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      args,
      {
        cwd: options.cwd,
        env: options.env,
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 16 * 1024 * 1024,
        shell: process.platform === 'win32',
      },
      (error, stdout, stderr) => {
        if (error) {
          const detail = String(stderr).trim().split('\n').slice(-8).join('\n');
          reject(new Error(`npm ${args.join(' ')} failed: ${error.message}${detail ? `\n${detail}` : ''}`));
        } else {
          resolve({ stdout: String(stdout), stderr: String(stderr) });
        }
      },
    );
  });
}
