// The service part's declarations, registered together: vouchers, Q&A history, fault reports, operation log.
export { default as lecode } from './lecode';
export { default as chatchat } from './chatchat';
export { default as report } from './report';
export { default as log } from './log';
