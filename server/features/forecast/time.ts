// Store-local days and hours are the server's (server/localTime.ts): the demo data's history places its sales by
// them too.
export * from '../../localTime';
