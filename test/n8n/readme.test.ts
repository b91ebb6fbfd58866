/** The package README states the research defaults the code has (poll interval, time limit, credit cap). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { researchProperties } from '../../n8n-nodes/nodes/Prospecting/description/research';
import { DEFAULT_TIME_LIMIT_SECONDS } from '../../n8n-nodes/nodes/Prospecting/research';
import { settingsSchema } from '../../shared/settings';

const readme = readFileSync(path.join(__dirname, '../../n8n-nodes/README.md'), 'utf8').replace(/\s+/g, ' ');
const section = readme.slice(readme.indexOf('## Research across items'), readme.indexOf('## Examples'));

it('Research across items: the poll interval, the time limit default and the optional credit cap', () => {
  const intervalS = settingsSchema.parse({}).pollIntervalMs / 1000;
  expect(section).toContain(`every ${intervalS} s by default`);
  expect(section).toContain(`${DEFAULT_TIME_LIMIT_SECONDS} s when the option is not added`);
  expect(section).toMatch(/Maximum Credits\*\*, only when that option is added \(without it there is no cap\)/);
  const options = researchProperties.find((p) => p.name === 'researchOptions')!.options as { name: string; default: unknown; description: string }[];
  const timeLimit = options.find((o) => o.name === 'timeLimitSeconds')!;
  expect(timeLimit.default).toBe(DEFAULT_TIME_LIMIT_SECONDS);
  expect(timeLimit.description).toContain(`Without this option the limit is ${DEFAULT_TIME_LIMIT_SECONDS} seconds`);
  expect(options.find((o) => o.name === 'maxCredits')!.description).toContain('Without this option there is no cap');
});
