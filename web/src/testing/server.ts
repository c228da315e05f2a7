import { setupServer } from 'msw/node';

/** The mock API of the unit tests; each test adds its handlers with server.use(...). */
export const server = setupServer();
