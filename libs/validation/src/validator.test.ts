import { ValidationError } from '@kyb/envelope';
import { compileCheck, compileValidator, wordFailures, type FailureWording } from './validator';
import { validateRequest } from './middleware';
import { strictObject, emailSchema, isUuid, uuidParams } from './schemas';

function failure(run: () => unknown): ValidationError {
  try {
    run();
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('compileValidator', () => {
  const signIn = compileValidator(strictObject({ email: emailSchema, password: { type: 'string', minLength: 1 } }, ['email', 'password']), 'body');

  it('accepts a valid body unchanged', () => {
    expect(signIn({ email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it.each([
    [{ password: 'x' }, "body must have required property 'email'"],
    [{ email: 'a@b.co', password: 5 }, 'body.password must be string'],
    [{ email: 'not-an-email', password: 'x' }, 'body.email must match format "email"'],
    [{ email: 'a@b.co', password: 'x', role: 'ADMIN' }, "body must NOT have additional properties: 'role'"],
    [{ email: 'a@b.co', password: '' }, 'body.password must NOT have fewer than 1 characters'],
    [[], 'body must be object'],
  ])('answers 400 INVALID ValidationMiddlewareError for %j', (body, message) => {
    const error = failure(() => signIn(body));
    expect(error.toBody()).toEqual({
      status: 'fail',
      message,
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
    expect(error.httpStatus).toBe(400);
  });

  it('does not coerce body types but does coerce query text and fill defaults', () => {
    const body = compileValidator(strictObject({ n: { type: 'integer' } }), 'body');
    expect(failure(() => body({ n: '5' })).message).toBe('body.n must be integer');
    const query = compileValidator(strictObject({ page: { type: 'integer', minimum: 1, default: 1 }, all: { type: 'boolean' } }), 'query');
    const value: Record<string, unknown> = { all: 'false' };
    query(value);
    expect(value).toEqual({ page: 1, all: false });
    expect(failure(() => query({ page: 'two' })).message).toBe('query.page must be integer');
  });

  it('refuses text that coerces to an infinite number, which ajv lets pass as an integer within its bounds (found by the fuzz)', () => {
    const query = compileValidator(
      strictObject({ month: { type: 'integer', minimum: 1, maximum: 12 }, filter: { type: 'object', properties: { amount: { type: 'number' } } } }),
      'query',
    );
    expect(failure(() => query({ month: '1e400' })).message).toBe('query.month must be a finite number');
    expect(failure(() => query({ month: '-1e400' })).message).toBe('query.month must be a finite number');
    expect(failure(() => query({ filter: { amount: 'Infinity' } })).message).toBe('query.filter.amount must be a finite number');
    const month: Record<string, unknown> = { month: '1e1' };
    query(month);
    expect(month).toEqual({ month: 10 });
    const params = compileValidator(strictObject({ n: { type: 'number' } }), 'params');
    expect(failure(() => params({ n: '1e999' })).message).toBe('params.n must be a finite number');
  });

  it('names the offending key and the allowed values', () => {
    const query = compileValidator(
      strictObject({ sort: { type: 'object', propertyNames: { enum: ['name', 'age'] }, additionalProperties: { enum: ['asc', 'desc'] } } }),
      'query',
    );
    expect(failure(() => query({ sort: { password: 'asc' } })).message).toBe(
      "query.sort key 'password' must be equal to one of the allowed values: name, age",
    );
    expect(failure(() => query({ sort: { name: 'up' } })).message).toBe('query.sort.name must be equal to one of the allowed values: asc, desc');
  });

  it('isUuid agrees with the uuid format', () => {
    expect(isUuid('2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1')).toBe(true);
    expect(isUuid("x' or 1=1")).toBe(false);
  });

  it('checks UUID path parameters', () => {
    const params = compileValidator(uuidParams('customerID'), 'params');
    expect(failure(() => params({ customerID: '123' })).message).toBe('params.customerID must match format "uuid"');
    expect(params({ customerID: '2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1' })).toBeTruthy();
  });

  it('takes only the bare UUID form PostgreSQL reads, not the urn:uuid: one ajv-formats allows', () => {
    const params = compileValidator(uuidParams('customerID'), 'params');
    expect(failure(() => params({ customerID: 'urn:uuid:2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1' })).message).toBe(
      'params.customerID must match format "uuid"',
    );
    expect(failure(() => params({ customerID: '{2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1}' })).message).toBe('params.customerID must match format "uuid"');
  });
});

describe('compileCheck', () => {
  const check = compileCheck(strictObject({ name: { type: 'string' }, age: { type: 'integer' } }, ['name']), 'body');

  it('reports text that coerces to an infinite number as compileValidator refuses it', () => {
    const check = compileCheck(strictObject({ month: { type: 'integer', minimum: 1, maximum: 12 } }), 'query');
    expect(check({ month: '1e400' })).toEqual({ message: 'query.month must be a finite number', property: 'month' });
    expect(check({ month: '12' })).toBeNull();
  });

  it('reports the first problem with the property at fault, or null', () => {
    expect(check({ name: 'a' })).toBeNull();
    expect(check({})).toEqual({ message: "body must have required property 'name'", property: 'name' });
    expect(check({ name: 'a', x: 1 })).toEqual({ message: "body must NOT have additional properties: 'x'", property: 'x' });
    expect(check({ name: 'a', age: 1.5 })).toEqual({ message: 'body.age must be integer', property: 'age' });
  });
});

describe('validateRequest', () => {
  const runner = (handler: ReturnType<typeof validateRequest>) => (req: { body?: unknown; params?: object; query?: object }) => {
    let passed = false;
    handler({ body: undefined, params: {}, query: {}, ...req } as never, {} as never, () => (passed = true));
    return passed;
  };

  it('refuses NUL characters anywhere in a body, before the schema sees it, naming the field', () => {
    const run = runner(validateRequest({ body: strictObject({ name: { type: 'string' }, nested: { type: 'object' } }) }));
    expect(run({ body: { name: 'fine' } })).toBe(true);
    expect(() => run({ body: { name: 'a\u0000b' } })).toThrow('body.name must not contain NUL characters');
    expect(() => run({ body: { nested: { ['k\u0000']: 1 } } })).toThrow('body.nested keys must not contain NUL characters');
  });

  it('refuses unstorable text in every part even when the route declares no schema for it', () => {
    const run = runner(validateRequest());
    expect(run({ body: [{ name: 'a' }], params: { id: 'x' }, query: { q: 'y' } })).toBe(true);
    expect(() => run({ params: { reportID: 'a\u0000' } })).toThrow('params.reportID must not contain NUL characters');
    expect(() => run({ query: { search: { name: '\ud800' } } })).toThrow('query.search.name must not contain unpaired UTF-16 surrogates');
    expect(() => run({ body: [{ name: 'a' }, { name: 'b\u0000' }] })).toThrow('body.1.name must not contain NUL characters');
    expect(() => run({ body: 'name\nA\u0000' })).toThrow('body line 2 column 2 must not contain NUL characters');
    expect(failure(() => run({ body: { name: '\u0000' } })).toBody()).toEqual({
      status: 'fail',
      message: 'body.name must not contain NUL characters',
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });
});

/* A schema whose owner words its failures (wordFailures): the envelope stays, only the message is theirs. */
describe('wordFailures', () => {
  const shapes = () => ({
    type: 'object',
    additionalProperties: false,
    required: ['shape'],
    properties: {
      shape: {
        oneOf: [
          { type: 'object', additionalProperties: false, required: ['circle'], properties: { circle: { type: 'number' } } },
          { type: 'object', additionalProperties: false, required: ['square'], properties: { square: { type: 'number' } } },
        ],
      },
    },
  });
  const calls: Array<{ value: unknown; paths: string[]; part: string }> = [];
  const wording: FailureWording = (value, errors, part) => {
    calls.push({ value, paths: errors.map((e) => e.instancePath), part });
    const square = (value as { shape?: { square?: unknown } }).shape?.square;
    return square === undefined ? null : `${part}.shape.square: a square's side is a number, not ${JSON.stringify(square)}`;
  };
  const worded = wordFailures(shapes(), wording);
  beforeEach(() => calls.splice(0));

  it('answers the 400 ValidationMiddlewareError with the wording of the schema, given the value, ajv errors and part', () => {
    const body = { shape: { square: 'big' } };
    const error = failure(() => compileValidator(worded, 'body')(body));
    expect([error.httpStatus, error.toBody()]).toEqual([
      400,
      { status: 'fail', message: 'body.shape.square: a square\'s side is a number, not "big"', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } },
    ]);
    expect(calls).toEqual([{ value: body, paths: ['/shape', '/shape/square', '/shape'], part: 'body' }]);
  });

  it('leaves ajv its words where the wording answers null, and where another schema object is compiled', () => {
    expect(failure(() => compileValidator(worded, 'body')({ shape: { circle: 'x' } })).message).toBe('body.shape.circle must be number');
    expect(failure(() => compileValidator(shapes(), 'body')({ shape: { square: 'big' } })).message).toBe("body.shape must have required property 'circle'");
    expect(calls).toHaveLength(1);
  });

  it('words the checks that report rather than throw, and the request validation of routes', () => {
    expect(compileCheck(worded, 'body')({ shape: { square: true } })).toEqual({ message: "body.shape.square: a square's side is a number, not true", property: 'shape' });
    const next = jest.fn();
    validateRequest({ body: worded })({ params: {}, query: {}, body: { shape: { square: 3 } } } as never, {} as never, next);
    expect(next).toHaveBeenCalledWith();
    expect(() => validateRequest({ body: worded })({ params: {}, query: {}, body: { shape: { square: [] } } } as never, {} as never, next)).toThrow("body.shape.square: a square's side is a number, not []");
  });

  it('changes nothing the schema accepts, nor the schema, and is never asked about a value it accepts', () => {
    const plain = shapes();
    expect(wordFailures(plain, wording)).toBe(plain);
    expect(plain).toEqual(shapes());
    expect(compileCheck(worded, 'body')({ shape: { square: 2 } })).toBeNull();
    expect(compileValidator(worded, 'body')({ shape: { circle: 1 } })).toEqual({ shape: { circle: 1 } });
    expect(calls).toEqual([]);
  });
});
