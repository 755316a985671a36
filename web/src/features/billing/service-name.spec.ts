import { serviceGroupName } from './service-name';

describe('service group name', () => {
  it.each([
    ['LLC Formation', 'LLC Formation'],
    ['Single-member llc setup', 'LLC Formation'],
    ['Corporation Formation', 'Corporation Formation'],
    ['Delaware C-Corp', 'Corporation Formation'],
    ['Non-Profit Formation', 'Non-Profit Formation'],
    ['Nonprofit LLC', 'Non-Profit Formation'],
    ['Company Dissolution', 'Company Dissolution'],
    ['LLC Dissolution', 'Company Dissolution'],
    ['Registered Agent', 'Business Service'],
    ['', 'Business Service'],
    [null, 'Business Service'],
  ])('%p is %p', (title, name) => {
    expect(serviceGroupName(title)).toBe(name);
  });

  it('does not read "llc" inside another word', () => {
    expect(serviceGroupName('Wellcare plan')).toBe('Business Service');
  });
});
