import { categoryMatchesArea, isListedCategory, listedCategories, servicePageOf, servicesOfArea } from './catalog';

describe('service areas', () => {
  it('matches a category by the page path, the menu title or a known other name', () => {
    expect(categoryMatchesArea('Books', { path: '/books' })).toBe(true);
    expect(categoryMatchesArea('bookkeeping', { path: '/books' })).toBe(true);
    expect(categoryMatchesArea('Payroll', { path: '/people' })).toBe(true);
    expect(categoryMatchesArea('Equity Management', { path: '/equity' })).toBe(true);
    expect(categoryMatchesArea('Legal Ops', { path: '/legal-ops', title: 'Legal Ops' })).toBe(true);
    expect(categoryMatchesArea('Tax', { path: '/books', title: 'Books' })).toBe(false);
  });

  it('never lists Books1', () => {
    expect(isListedCategory('Books1')).toBe(false);
    expect(categoryMatchesArea('Books1', { path: '/books' })).toBe(false);
    expect(
      listedCategories([{ category: 'Books' }, { category: 'Books1' }, { category: 'Tax' }, { category: 'Books' }]),
    ).toEqual(['Books', 'Tax']);
  });

  it('filters the services of an area', () => {
    const services = [
      { id: 1, category: 'Books' },
      { id: 2, category: 'Tax' },
      { id: 3, category: 'Books1' },
      { id: 4, category: 'books' },
    ];
    expect(servicesOfArea(services, { path: '/books', title: 'Books' }).map((s) => s.id)).toEqual([1, 4]);
    expect(servicesOfArea(services, { path: '/equity', title: 'Equity' })).toEqual([]);
  });

  it('finds the service page of a category, by its name or a known other name', () => {
    expect(servicePageOf('compliance')).toBe('/compliance');
    expect(servicePageOf('Tax')).toBe('/tax');
    expect(servicePageOf('bookkeeping')).toBe('/books');
    expect(servicePageOf('payroll')).toBe('/people');
    expect(servicePageOf('Books1')).toBeUndefined();
    expect(servicePageOf('')).toBeUndefined();
    expect(servicePageOf('nonsense')).toBeUndefined();
  });
});
