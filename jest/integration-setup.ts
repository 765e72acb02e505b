// Integration tests run real builds and servers: minutes, not Jest's default 5 s.
jest.setTimeout(240_000);
