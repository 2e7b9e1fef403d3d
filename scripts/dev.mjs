// npm run dev: the API with restart on change (tsx watch) and Vite with hot
// reload, which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  PORT: apiPort,
  // Pages come from Vite's origin; let its requests through the Origin check.
  CORS_ORIGINS: [process.env.CORS_ORIGINS, 'http://localhost:5173'].filter(Boolean).join(','),
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};

const children = [
  spawn('npm', ['run', 'dev', '-w', 'server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
