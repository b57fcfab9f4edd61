// react-admin's own English messages.
export { default } from 'ra-language-english';
