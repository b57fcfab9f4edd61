// Once per end-to-end run: the browser app built from the current sources, and the database template.
import { buildIfStale } from '../../scripts/buildIfStale';
import { buildTemplate } from './db';

export default async function setup() {
  buildIfStale();
  return buildTemplate();
}
