import { afterEach, describe, expect, it } from 'vitest';
import { shippingResponseSchema } from '@pharmaradar/shared/basket.schema';
import { loadEnv } from '../../config/env';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

describe('GET /api/retailers/shipping', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers the names and demo terms of the searched retailers', async () => {
    server = await startTestServer();
    const response = await fetch(`${server.url}/api/retailers/shipping/`);
    expect(response.status).toBe(200);
    expect(shippingResponseSchema.parse(await response.json())).toEqual({
      demo: true,
      retailers: [
        { id: 'farmaline', name: 'Farmaline', cost: 4.95, freeFrom: 39 },
        { id: 'medimarket', name: 'Medi-Market', cost: 5.95, freeFrom: 49 },
        { id: 'multipharma', name: 'Multipharma', cost: 4.5, freeFrom: 35 },
      ],
    });
  });

  it('takes the terms RETAILER_SHIPPING gives, a cost alone meaning never free', async () => {
    server = await startTestServer({ RETAILER_SHIPPING: 'farmaline:3.5/25, multipharma:6' });
    const body = shippingResponseSchema.parse(await (await fetch(`${server.url}/api/retailers/shipping`)).json());
    expect(body.retailers).toEqual([
      { id: 'farmaline', name: 'Farmaline', cost: 3.5, freeFrom: 25 },
      { id: 'medimarket', name: 'Medi-Market', cost: 5.95, freeFrom: 49 },
      { id: 'multipharma', name: 'Multipharma', cost: 6, freeFrom: null },
    ]);
  });
});

describe('RETAILER_SHIPPING', () => {
  it('stops the start with a message naming it when a value is not cost/freeFrom', () => {
    expect(() => loadEnv({ RETAILER_SHIPPING: 'farmaline:free' })).toThrow(/RETAILER_SHIPPING/);
  });
});
