import { useSearchParams } from 'react-router-dom';

/** The list page in the `page` query parameter (so a reload or a shared link keeps it). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [page, (next) => setParams({ page: String(next) })];
}
