import express, { type Request } from 'express';
import request from 'supertest';
import { validateRequest } from './middleware';

/* Express 5 parses the query string on every read of req.query: validateRequest reads it once and leaves what it read. */
describe('validateRequest and the query string', () => {
  const appWith = (middleware: ReturnType<typeof validateRequest>) => {
    let parses = 0;
    const app = express();
    app.set('query parser', (text: string) => {
      parses += 1;
      return Object.fromEntries(new URLSearchParams(text));
    });
    app.get('/x', middleware, (req: Request, res) => {
      const first = req.query;
      res.json({ query: first, same: req.query === first, parses });
    });
    app.use((err: Error, _req: Request, res: express.Response, _next: express.NextFunction) => void res.status(400).json({ message: err.message }));
    return app;
  };

  it('parses the query once under a schema, and later reads get the validated, coerced copy', async () => {
    const app = appWith(validateRequest({ query: { type: 'object', properties: { page: { type: 'integer' } }, additionalProperties: false } }));
    expect((await request(app).get('/x?page=2').expect(200)).body).toEqual({ query: { page: 2 }, same: true, parses: 1 });
  });

  it('parses the query once without a schema, and later reads get what was parsed', async () => {
    const app = appWith(validateRequest({}));
    expect((await request(app).get('/x?a=1&b=two').expect(200)).body).toEqual({ query: { a: '1', b: 'two' }, same: true, parses: 1 });
  });

  it('still refuses text PostgreSQL cannot store in the query', async () => {
    const app = appWith(validateRequest({}));
    expect((await request(app).get('/x?a=%00').expect(400)).body.message).toMatch(/^query\.a .*NUL/);
  });
});
