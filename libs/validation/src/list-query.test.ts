import { compileValidator } from './validator';
import { listPage, listQuerySchema, toListQuery, type ValidatedListQuery } from './list-query';

describe('list conventions', () => {
  const validate = compileValidator<ValidatedListQuery>(
    listQuerySchema({ sortFields: ['name'], filters: { status: { type: 'string', enum: ['A', 'B'] } }, searchFields: ['name'] }),
    'query',
  );

  it('fills the defaults and maps to the store form with a default sort', () => {
    expect(toListQuery(validate({}), ['name', 'asc'])).toEqual({
      page: 1,
      itemsPerPage: 10,
      paginate: true,
      sort: [['name', 'asc']],
      filter: {},
      search: {},
    });
    const given = validate({ page: '2', items_per_page: '5', sort: { name: 'desc' }, filter: { status: 'B' } });
    expect(toListQuery(given, ['name', 'asc'])).toMatchObject({ page: 2, itemsPerPage: 5, sort: [['name', 'desc']], filter: { status: 'B' } });
  });

  it('counts pages as an integer and items as a string of digits', () => {
    expect(listPage(['a'], 21, { paginate: true, itemsPerPage: 10 })).toEqual({ records: ['a'], total_pages: 3, total_items: '21' });
    expect(listPage([], 0, { paginate: true, itemsPerPage: 10 })).toEqual({ records: [], total_pages: 0, total_items: '0' });
    expect(listPage(['a', 'b'], 2, { paginate: false, itemsPerPage: 1 })).toMatchObject({ total_pages: 1 });
  });
});
