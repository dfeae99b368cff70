/** The port and bootstrap admin of the server the browser tests start. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_ADMIN = { username: 'e2e-owner', password: 'e2e-owner-password-123' } as const;
