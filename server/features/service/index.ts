// After-sales service: fault reports (./report.ts) and the customers' questions robots pass on (./queries.ts). No
// routes of its own: the engine serves /api/report/* and /api/chatchat/*, the gateway the robots' calls.
import type { Feature } from '../feature';
import { reportHooks } from './report';

export const service: Feature = {
  name: 'service',
  hooks: [reportHooks],
  owns: ['chatchat', 'report'],
};
