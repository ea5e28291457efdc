import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { runAction } from '../action/run-action.js';

/** The Action's `view-export` input: the bundled action writes the static viewer and says where in the job summary. */
describe('action input view-export', () => {
  it('writes the viewer after the command and links it from the job summary', async () => {
    const ws = makeRepo({ commit: true });
    const r = await runAction(ws, { sync: 'false', content: 'Deploys need a green staging run <script>x()</script>', tags: 'deploy', 'view-export': 'memory-site' });
    expect(r.code, r.stderr + r.errors.join('\n')).toBe(0);
    const site = join(ws, 'memory-site');
    for (const f of ['index.html', 'app.js', 'app.css', 'data/meta.js', 'data/mb-0.js']) expect(existsSync(join(site, f)), f).toBe(true);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('Content-Security-Policy');
    expect(readFileSync(join(site, 'data', 'mb-0.js'), 'utf8')).toContain(r.outputs.id);
    expect(r.json.viewExport).toEqual({ dir: site, memories: 1 });
    expect(r.summary).toContain('memory-site');
    expect(r.summary).toContain('/octo/widgets/actions/runs/4242#artifacts');
  });
});
