import { describe, expect, expectTypeOf, it } from 'vitest';
import { api, urlOf } from '../../client/lib/api';
import type { DesignationList } from '../../core/designations/schemas';

describe('the endpoint table types every call', () => {
  it('fills a path’s parameters and adds its query', () => {
    expect(urlOf('/api/designations/:id', { params: { id: 7 } })).toBe('/api/designations/7');
    expect(urlOf('/api/requests', { query: { page: 2, q: 'a b', status: '' } })).toBe('/api/requests?page=2&q=a+b');
    expect(urlOf('/api/files/:name', { params: { name: '../x' } })).toBe('/api/files/..%2Fx');
  });

  it('refuses a path, a part or a type that does not fit the operation (checked by npm run typecheck)', () => {
    const calls = () => {
      expectTypeOf(api.get('/api/designations')).resolves.toEqualTypeOf<DesignationList>();
      // @ts-expect-error: no such operation
      void api.get('/api/designation');
      // @ts-expect-error: a GET path is not a POST path
      void api.post('/api/designations/:id', { params: { id: 1 }, body: { designation: 'x' } });
      // @ts-expect-error: the path has a parameter, which must be given
      void api.del('/api/designations/:id');
      // @ts-expect-error: the body's text is not a number
      void api.post('/api/designations', { body: { personnelId: 1, designation: 5 } });
      // @ts-expect-error: the answer is not a string
      const wrong: Promise<string> = api.get('/api/designations');
      void wrong;
    };
    expect(typeof calls).toBe('function');
  });
});
