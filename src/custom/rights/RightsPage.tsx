import { Fragment } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useGetResourceLabel, useNotify, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import {
  grantKey,
  PERMISSION_OPERATIONS,
  STRUCTURE_ROLES,
  type Grants,
  type Operation,
  type StructureRole,
} from '../../domain/permissions';
import { GOVERNED_RESOURCES, reach } from '../../domain/rights';
import { isPlatformStaff } from '../../domain/tenancy';
import { ROLE_PERMISSIONS_PATH } from '../../providers/grantsStore';
import { httpClient } from '../../providers/httpClient';
import { sessionStore } from '../../providers/sessionStore';
import { useStructureChoice } from '../tenancy/useSessionStructure';

interface Matrix {
  company: number;
  grants: Grants;
}

/**
 * The rights screen (platform staff): for the structure chosen in the switcher, each role of the structure
 * x each resource x each operation, as ra-rbac's roles and permissions. A cell is what that role may do
 * there: the rights table's default, or what platform staff granted or withdrew; the API enforces exactly
 * this (`/api/role-permissions`), and the structure's back-office follows it on its next session.
 */
export function RightsPage() {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [choice] = useStructureChoice();
  const structure = choice?.id ?? null;
  const staff = isPlatformStaff(sessionStore.getRoles());
  const query = useQuery({
    queryKey: ['role-permissions', structure],
    queryFn: async () => (await httpClient(ROLE_PERMISSIONS_PATH)).json as Matrix,
    enabled: staff && structure !== null,
  });
  const change = useMutation({
    mutationFn: async (cell: {
      role: StructureRole;
      resource: string;
      operation: Operation;
      allowed: boolean | null;
    }) => (await httpClient(ROLE_PERMISSIONS_PATH, { method: 'PUT', body: JSON.stringify(cell) })).json as Matrix,
    onSuccess: (matrix) => {
      queryClient.setQueryData(['role-permissions', structure], matrix);
      notify('app.rights.saved', { type: 'success' });
    },
    onError: (error) =>
      notify('app.rights.save_error', { type: 'error', messageArgs: { reason: (error as Error).message } }),
  });
  if (!staff) return <Navigate to="/" replace />;
  const title = choice ? translate('app.rights.title', { structure: choice.name }) : translate('app.rights.title_any');
  const grants = query.data?.grants;
  const operationLabel = (operation: Operation) => translate(`app.rights.operations.${operation}`);
  const roleLabel = (role: StructureRole) => translate(`app.roles.${role}`);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.rights.intro')}
      </Typography>
      {structure === null && <Alert severity="info">{translate('app.rights.choose_structure')}</Alert>}
      {query.isError && <Alert severity="error">{translate('app.rights.load_error')}</Alert>}
      {grants && (
        // The table scrolls on its own at 390 px; it is focusable so that a keyboard scrolls it too.
        <TableContainer tabIndex={0} aria-label={title} sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" stickyHeader data-testid="rights-table">
            <TableHead>
              <TableRow>
                <TableCell scope="col">{translate('app.rights.resource')}</TableCell>
                <TableCell scope="col">{translate('app.rights.role')}</TableCell>
                {PERMISSION_OPERATIONS.map((operation) => (
                  <TableCell key={operation} scope="col" align="center">
                    {operationLabel(operation)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {GOVERNED_RESOURCES.map((resource) => (
                <Fragment key={resource}>
                  {STRUCTURE_ROLES.map((role, index) => (
                    <TableRow key={role} data-testid={`rights-${resource}-${role}`}>
                      {index === 0 && (
                        <TableCell component="th" scope="rowgroup" rowSpan={STRUCTURE_ROLES.length}>
                          {getResourceLabel(resource, 2)}
                        </TableCell>
                      )}
                      <TableCell component="th" scope="row">
                        {roleLabel(role)}
                      </TableCell>
                      {PERMISSION_OPERATIONS.map((operation) => {
                        const key = grantKey(role, resource, operation);
                        const reached = reach([role], resource, operation, grants);
                        const changed = Object.hasOwn(grants, key);
                        const cell = translate('app.rights.cell', {
                          role: roleLabel(role),
                          resource: getResourceLabel(resource, 2),
                          operation: operationLabel(operation),
                        });
                        return (
                          <TableCell key={operation} align="center" sx={{ whiteSpace: 'nowrap' }}>
                            <Checkbox
                              size="small"
                              checked={reached !== false}
                              disabled={change.isPending}
                              onChange={(event) =>
                                change.mutate({ role, resource, operation, allowed: event.target.checked })
                              }
                              slotProps={{ input: { 'aria-label': cell } }}
                            />
                            {reached === 'own' && (
                              <Typography component="span" variant="caption">
                                {translate('app.rights.own')}
                              </Typography>
                            )}
                            {changed && (
                              <Tooltip title={translate('app.rights.reset', { cell })}>
                                <IconButton
                                  size="small"
                                  aria-label={translate('app.rights.reset', { cell })}
                                  disabled={change.isPending}
                                  onClick={() => change.mutate({ role, resource, operation, allowed: null })}
                                >
                                  <RestoreIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
