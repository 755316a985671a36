/** The landing page's copy (spec part 1, sections 1 and 2). */

export const CLIENT_TYPES = [
  {
    title: 'Freelancers & Professionals',
    text: 'Clean books, quarterly estimates and a tax return you never have to think about.',
  },
  {
    title: 'Start-Ups and Businesses',
    text: 'Monthly close, payroll, compliance and investor-ready reporting as you grow.',
  },
  {
    title: 'CPAs & Accounting Firms',
    text: 'A reliable bench for bookkeeping and tax preparation during your busiest months.',
  },
];

export const BENEFITS = [
  { title: '100% Remote & Online', text: 'Everything happens online, from onboarding to monthly reviews.' },
  { title: 'High Quality – Low Rates', text: 'Experienced accountants for up to 70% less than in-house staff.' },
  { title: 'AI Monthly Dashboards', text: 'Cash, burn and runway on one page, updated every month.' },
  { title: 'Dedicated Team for Every Client', text: 'The same people every month, who know your business.' },
  { title: 'Unbeatable Pricing', text: 'Flat monthly plans with everything included. No hourly surprises.' },
  { title: 'Risk-Free Offer', text: 'Start with a free trial. If it is not for you, walk away at no cost.' },
];

export const TESTIMONIALS = [
  {
    quote: 'Our books used to be three months behind. Now we close every month and I get a dashboard I actually read.',
    name: 'Priya Raman',
    role: 'Founder, SaaS start-up',
    avatar: { skin: '#b07a55', hair: '#2b1d14', shirt: '#0b6e6e' },
  },
  {
    quote: 'They took payroll and state filings off my plate in the first week. I have saved 20 hours a month since.',
    name: 'Daniel Brooks',
    role: 'Owner, design studio',
    avatar: { skin: '#e8b896', hair: '#6b4a2b', shirt: '#13315c' },
  },
  {
    quote: 'During tax season they are our extra team. Quality work, on time, every time.',
    name: 'Laura Mitchell',
    role: 'CPA, partner at an accounting firm',
    avatar: { skin: '#f1c9a5', hair: '#c9a15a', shirt: '#7a2e4d' },
  },
];

export const FIGURES = [
  { value: 'Up to 70%', label: 'savings against in-house staff' },
  { value: '20+ hours', label: 'saved per month' },
  { value: '24-hour', label: 'turnaround' },
];

export const LANDING_NEXT_STEPS = [
  'We review your requirements.',
  'We schedule a consultation at a time that suits you.',
  'We send you a custom proposal.',
];
