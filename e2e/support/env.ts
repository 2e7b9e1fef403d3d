import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-data');
