import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core's InstanceSettings writes a config file under N8N_USER_FOLDER when first used: keep it in a
// temp folder rather than the user's ~/.n8n. Imported before n8n-core.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-nodes-test-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
