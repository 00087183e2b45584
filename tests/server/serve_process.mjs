// Starts `peng-cli serve` on a free loopback port for a test and stops it: the
// server prints the URL it serves on its first line of output.
import { spawn } from 'node:child_process';

export async function startServer(cli, model, extraArgs = [], startupMs = 60000) {
  const child = spawn(cli, ['serve', model, '--port', '0', '--history', 'none', '--kv-store', 'none', ...extraArgs],
                      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, OMP_WAIT_POLICY: 'passive' } });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('peng-cli serve did not start in time: ' + stderr)), startupMs);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/at (http:\/\/\S+\/v1)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`peng-cli serve exited (${code}): ${stderr}`)); });
  });
  return {
    url,
    pid: child.pid,
    stderr: () => stderr,
    // SIGTERM, then the exit code (a clean stop is 0).
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      const kill = setTimeout(() => child.kill('SIGKILL'), 20000);
      child.once('exit', (code) => { clearTimeout(kill); resolve(code); });
      child.kill('SIGTERM');
    }),
  };
}

export function arg(name, fallback) {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
