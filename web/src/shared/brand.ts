// Placeholder identity of the firm; the spec does not name it. Also written in index.html's <title>.
export const BRAND_NAME = 'Harbor Tax & Accounting';
