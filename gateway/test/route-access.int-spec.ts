import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ENDPOINTS, ROUTES } from '@printloom/contracts';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';

const NOT_AUTHENTICATED = { error: 'Not authenticated', code: 'UNAUTHENTICATED' };
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(':id', ANY_ID).replace(':sessionId', ANY_ID);

describe("each row's access, enforced by one guard for forwarded, view and custom rows alike (real NATS, PostgreSQL, auth)", () => {
  let system: TestSystem;
  let visitor: TestClient;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth'] });
    visitor = new TestClient(system.baseUrl);
  });

  afterAll(async () => {
    await system?.close();
  });

  it("answers 401 with the JSON error to a visitor on every 'user' row, before reading any input", async () => {
    const userRows = ROUTES.filter((route) => route.access === 'user');
    expect(userRows.map((route) => route.kind)).toEqual(expect.arrayContaining(['rpc', 'view', 'custom']));
    for (const route of userRows) {
      const response = await visitor.request(route.method, concrete(route.path));
      expect({ row: route.id, status: response.status, body: response.body }).toEqual({
        row: route.id,
        status: 401,
        body: NOT_AUTHENTICATED,
      });
    }
  });

  it("answers 401 on the custom 'user' rows to a session cookie auth does not know", async () => {
    const stranger = new TestClient(system.baseUrl);
    stranger.setCookie('pl_session', 'forged-token');
    for (const path of [ENDPOINTS.exportAccount.path, ENDPOINTS.downloadZip.path, concrete(ENDPOINTS.downloadAsset.path)]) {
      const response = await stranger.get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 401, body: NOT_AUTHENTICATED });
    }
  });

  it('lets visitors through on public and optional-user rows', async () => {
    expect((await visitor.get(ENDPOINTS.listExportPresets.path)).status).toBe(200);
    // Refused for what it is (no signature), not for who sent it.
    expect(await visitor.post(ENDPOINTS.stripeWebhook.path, {})).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await visitor.post(ENDPOINTS.sendSupportMessage.path, {})).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});
