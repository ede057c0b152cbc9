/**
 * Every route of the product (spec 000 section 2, spec 001 section 2), in one
 * table so links and the router never disagree. `path` is the router pattern;
 * `getHref` builds a concrete link.
 */
const enc = encodeURIComponent;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    getHref: (opts: { signup?: boolean } = {}) => (opts.signup ? '/auth?signup=true' : '/auth'),
  },
  stock: { path: '/stock/:ticker', getHref: (ticker: string) => `/stock/${enc(ticker)}` },
  stocks: { path: '/stocks/:symbol', getHref: (symbol: string) => `/stocks/${enc(symbol)}` },
  analytics: {
    path: '/analytics',
    getHref: (tab?: 'compare' | 'trending') => (tab ? `/analytics?tab=${tab}` : '/analytics'),
  },
  accountDetails: { path: '/account-details', getHref: () => '/account-details' },
  myStocks: { path: '/my-stocks', getHref: () => '/my-stocks' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  howItWorks: { path: '/how-it-works', getHref: (anchor?: string) => `/how-it-works${anchor ? `#${anchor}` : ''}` },
  meetBubba: { path: '/meet-bubba', getHref: () => '/meet-bubba' },
  legalDisclaimer: { path: '/legal-disclaimer', getHref: () => '/legal-disclaimer' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  resetPasswordConfirm: { path: '/reset-password/confirm', getHref: () => '/reset-password/confirm' },
  resetSession: { path: '/reset-session', getHref: () => '/reset-session' },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    batch: { path: '/admin/batch', getHref: () => '/admin/batch' },
    newsletter: { path: '/admin/newsletter', getHref: () => '/admin/newsletter' },
    trends: { path: '/admin/trends', getHref: () => '/admin/trends' },
    chatTest: { path: '/admin/chat-test', getHref: () => '/admin/chat-test' },
    kv: { path: '/admin/kv', getHref: () => '/admin/kv' },
    content: { path: '/admin/content', getHref: () => '/admin/content' },
    jobs: { path: '/admin/jobs', getHref: () => '/admin/jobs' },
  },
  notFound: { path: '*', getHref: () => '/404' },
} as const;
