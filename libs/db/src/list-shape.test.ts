import { listShapeOf } from './list-shape';

describe('listShapeOf', () => {
  const query = { filter: {}, search: {}, sort: [['name', 'asc']] as Array<[string, string]>, paginate: true, page: 3, itemsPerPage: 10 };

  it('names the filters and searches given, the sort and paging, and puts every value beside the fixed ones', () => {
    const shaped = listShapeOf({ ...query, filter: { status: 'ACTIVE', gone: undefined, verified: false }, search: { email: '50%', name: '' } }, { customerId: 'c-1' });
    expect(shaped.filters).toEqual(['status', 'verified']);
    expect(shaped.searches).toEqual(['email']);
    expect(shaped.values).toEqual({ customerId: 'c-1', filter_status: 'ACTIVE', filter_verified: false, search_email: '%50\\%%', limit: 10, offset: 20 });
    expect(shaped.shape).toBe(JSON.stringify([['status', 'verified'], ['email'], [['name', 'asc']], true]));
  });

  it('gives the same shape for other values and another shape for other filters, sort or paging', () => {
    const shapeOf = (q: Partial<typeof query> & { filter?: object }) => listShapeOf({ ...query, ...q }, {}).shape;
    expect(shapeOf({ filter: { status: 'ACTIVE' }, page: 1 })).toBe(shapeOf({ filter: { status: 'INACTIVE' }, page: 9 }));
    expect(shapeOf({ filter: { status: 'ACTIVE' } })).not.toBe(shapeOf({ filter: { role: 'ACTIVE' } }));
    expect(shapeOf({ sort: [['name', 'desc']] })).not.toBe(shapeOf({}));
    expect(shapeOf({ paginate: false })).not.toBe(shapeOf({}));
    expect(listShapeOf({ ...query, paginate: false }, {}).values).toEqual({});
  });
});
