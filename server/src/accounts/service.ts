export async function ensureAdminAccount(_deps: unknown) {}
