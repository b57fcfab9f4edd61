// The unit suite's providers and generated screens talk to a real server over HTTP: started here once,
// with the fixture resource added, its address handed to the tests through `inject('apiUrl')`.
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/main';
import { resources } from '../../resources';
import { buildTemplate, freshDatabase } from './db';
import { widget, createWidgetTable } from './fixture';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dropTemplate = await buildTemplate();
  const database = await freshDatabase();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    distDir: '/nonexistent',
    resources: [...resources, widget],
  });
  await createWidgetTable(server.database.db);
  project.provide('apiUrl', server.address.replace('0.0.0.0', '127.0.0.1'));
  return async () => {
    await server.close();
    await database.drop();
    await dropTemplate();
  };
}
