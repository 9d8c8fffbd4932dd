import type { Access } from '../types.ts';

/** The rights matrix of API.md, by area. */
export const CONTENT: Access = { read: 'ROLE_USER', write: 'ROLE_USER', delete: 'ROLE_SUPER_ADMIN' };
export const SUPPORT: Access = { read: 'ROLE_ADMIN', write: 'ROLE_ADMIN', delete: 'ROLE_SUPER_ADMIN' };
export const ADMINISTRATION: Access = { read: 'ROLE_SUPER_ADMIN', write: 'ROLE_SUPER_ADMIN' };
export const USERS: Access = { read: 'ROLE_ADMIN', write: 'ROLE_SUPER_ADMIN' };
