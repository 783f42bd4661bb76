import { useParams, useSearchParams } from 'react-router-dom';
import { trpc } from '../../trpc/trpc';

/**
 * The school a per-school page is about, beside its title (issue 14): the `:client_id` of the
 * path or `?client_id=`, else the user's own school — so nobody edits the wrong school's data.
 */
export function SchoolName({ clientId }: { clientId?: number }) {
  const params = useParams();
  const [query] = useSearchParams();
  const id = clientId ?? (Number(params.client_id ?? query.get('client_id')) || undefined);
  const school = trpc.structure.schoolName.useQuery({ client_id: id });
  if (!school.data) return null;
  return (
    <span className="ms-3 text-base font-normal text-muted-foreground" data-testid="page-school">
      {school.data.name}
    </span>
  );
}
