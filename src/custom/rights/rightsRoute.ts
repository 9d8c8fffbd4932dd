/** Where the rights screen lives in the back-office (platform staff's, under the settings). */
export const RIGHTS_ROUTE = '/role-rights';
