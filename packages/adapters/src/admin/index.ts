// @portal/adapters/admin: the admin console's API calls (written by the admin console's
// helper). Build them on `createApiClient` and `unwrap` from `@portal/adapters`.
export {};
