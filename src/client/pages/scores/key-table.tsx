import { useEffect, useState } from 'react';
import { parseAccepted } from '../../../shared/scoring/key-entry';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { cn } from '../../components/ui/class-names';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { chooseOption } from '../../forms/answer-choice';
import type { KeyQuestion, Rule } from '../../../shared/schemas/scores';
import { RULES_OF } from '../../../shared/scoring/rules';

interface KeyTableProps {
  rows: readonly KeyQuestion[];
  chosen: ReadonlySet<number>;
  onChoose: (chosen: Set<number>) => void;
  onChange: (row: KeyQuestion) => void;
}

/**
 * One row per scorable question (docs/scores.md): the options as toggles for the correct
 * value(s), points, rule, 送分, 不計分 and accepted alternatives. A question still without an
 * answer that counts is tinted, so a gap in the key shows before it costs anyone points.
 */
export function KeyTable({ rows, chosen, onChoose, onChange }: KeyTableProps) {
  const t = useT();
  const all = rows.length > 0 && rows.every((r) => chosen.has(r.q));
  return (
    <Table data-testid="key-table">
      <TableHeader>
        <TableRow>
          <TableHead className="w-8">
            <Checkbox aria-label={t('common.selectAll')} checked={all ? true : chosen.size > 0 ? 'indeterminate' : false} onCheckedChange={() => onChoose(all ? new Set() : new Set(rows.map((r) => r.q)))} />
          </TableHead>
          <TableHead>{t('scores.colQuestion')}</TableHead>
          <TableHead>{t('scores.colKind')}</TableHead>
          <TableHead>{t('scores.key.answer')}</TableHead>
          <TableHead>{t('scores.colPoints')}</TableHead>
          <TableHead>{t('scores.key.rule')}</TableHead>
          <TableHead className="text-center">{t('scores.key.bonus')}</TableHead>
          <TableHead className="text-center">{t('scores.key.dropped')}</TableHead>
          <TableHead>{t('scores.key.accepted')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.q} data-testid={`key-row-${row.showno}`} className={cn(!row.answer && !row.bonus && !row.dropped && 'bg-amber-50 dark:bg-amber-950/30', row.dropped && 'text-muted-foreground')}>
            <TableCell>
              <Checkbox
                aria-label={t('scores.key.select', { showno: row.showno })}
                checked={chosen.has(row.q)}
                onCheckedChange={(on) => {
                  const next = new Set(chosen);
                  if (on === true) next.add(row.q);
                  else next.delete(row.q);
                  onChoose(next);
                }}
              />
            </TableCell>
            <TableCell className="font-medium tabular-nums">{row.showno}</TableCell>
            <TableCell>
              <Badge variant="outline">{t(`scores.kind.${row.kind}`)}</Badge>
            </TableCell>
            <TableCell>
              <div className="flex min-w-max gap-1" role="group" aria-label={t('scores.key.answer')}>
                {row.options.map((o) => {
                  const on = row.kind === 'multi' ? row.answer.includes(o) : row.answer === o;
                  return (
                    <Button
                      key={o}
                      size="icon"
                      variant={on ? 'default' : 'outline'}
                      aria-pressed={on}
                      data-testid={`key-opt-${row.showno}-${o}`}
                      className="size-8 text-sm"
                      onClick={() => onChange({ ...row, answer: on && row.kind !== 'multi' ? '' : chooseOption(row.answer, o, row.options, row.kind === 'multi') })}
                    >
                      {o}
                    </Button>
                  );
                })}
              </div>
            </TableCell>
            <TableCell>
              <Input
                type="number"
                min={0}
                step="any"
                className="h-8 w-20 tabular-nums"
                aria-label={t('scores.colPoints')}
                data-testid={`key-points-${row.showno}`}
                value={Number.isFinite(row.points) ? row.points : ''}
                onChange={(e) => onChange({ ...row, points: e.target.value === '' ? 0 : Math.max(0, Number(e.target.value)) })}
              />
            </TableCell>
            <TableCell>
              <RuleSelect row={row} onChange={onChange} />
            </TableCell>
            <TableCell className="text-center">
              <Checkbox aria-label={t('scores.key.bonus')} data-testid={`key-bonus-${row.showno}`} checked={row.bonus} onCheckedChange={(on) => onChange({ ...row, bonus: on === true })} />
            </TableCell>
            <TableCell className="text-center">
              <Checkbox aria-label={t('scores.key.dropped')} data-testid={`key-dropped-${row.showno}`} checked={row.dropped} onCheckedChange={(on) => onChange({ ...row, dropped: on === true })} />
            </TableCell>
            <TableCell>
              <AcceptedInput row={row} onChange={onChange} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RuleSelect({ row, onChange }: { row: KeyQuestion; onChange: (row: KeyQuestion) => void }) {
  const t = useT();
  const rules = RULES_OF[row.kind];
  return (
    <Select value={row.rule} disabled={rules.length < 2} onValueChange={(rule) => onChange({ ...row, rule: rule as Rule })}>
      <SelectTrigger className="h-8 w-48" aria-label={t('scores.key.rule')} data-testid={`key-rule-${row.showno}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {rules.map((r) => (
          <SelectItem key={r} value={r}>
            {t(`scores.rule.${r}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Typed as `B, CD`; read when the field is left, a bad letter shown under it and not applied. */
function AcceptedInput({ row, onChange }: { row: KeyQuestion; onChange: (row: KeyQuestion) => void }) {
  const t = useT();
  const shown = row.accepted.join(', ');
  const [text, setText] = useState(shown);
  const [error, setError] = useState('');
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    const parsed = parseAccepted(row, text);
    if (!parsed.ok) return setError(t(parsed.error.key, parsed.error.params));
    setError('');
    setText(parsed.value.join(', '));
    if (parsed.value.join(',') !== row.accepted.join(',')) onChange({ ...row, accepted: parsed.value });
  };
  return (
    <div className="grid min-w-32 gap-1">
      <Input className="h-8" placeholder={t('scores.key.acceptedHint')} aria-label={t('scores.key.accepted')} aria-invalid={Boolean(error) || undefined} data-testid={`key-accepted-${row.showno}`} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
      {error && <p className="max-w-64 text-xs text-destructive">{error}</p>}
    </div>
  );
}
