// The page of a thing with no tab bar (a schedule, a holiday calendar): its
// header, then its edit card beside a Danger Zone with its delete, which goes
// back to the list. A refused delete says the server's reason (one in use stays).
import { Fragment, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { ChangeHandlers } from "../api/mutations";
import { DeleteZone } from "./DangerZone";
import { EntityLayout, type EntityPages } from "./EntityLayout";
import { OverviewGrid } from "./OverviewGrid";
import { toastThenClose } from "./toast/change_toasts";

type Entity = { id: number; name: string; updatedAt?: string | null };

type Remove<T> = {
  /** What is deleted ("Schedule"). */
  kind: string;
  text: string;
  useDelete: (handlers: ChangeHandlers<T, unknown>) => { isPending: boolean; mutate: (item: T) => void };
  messages: { deleted: string; deleteFailed: string };
};

type Props<T extends Entity> = {
  pages: EntityPages<T>;
  header: (entity: T) => ReactNode;
  /** The edit card, made afresh whenever the saved thing changes. */
  details: (entity: T) => ReactNode;
  remove: Remove<T>;
};

export function DetailsPage<T extends Entity>({ pages, header, details, remove }: Props<T>) {
  return (
    <EntityLayout pages={pages} current={pages.tabs[0].label} header={header}>
      {(entity) => (
        <OverviewGrid
          main={<Fragment key={`${entity.id}:${entity.updatedAt}`}>{details(entity)}</Fragment>}
          side={<DeleteSection item={entity} back={pages.list.to} {...remove} />}
        />
      )}
    </EntityLayout>
  );
}

function DeleteSection<T extends Entity>({ item, back, kind, text, useDelete, messages: M }: Remove<T> & { item: T; back: string }) {
  const navigate = useNavigate();
  const remove = useDelete(toastThenClose(M.deleted, { title: M.deleteFailed, fallback: M.deleteFailed }, { done: () => navigate(back) }));
  return (
    <DeleteZone
      kind={kind}
      item={item}
      text={text}
      remove={remove}
      confirm={`Are you sure you want to delete ${item.name}? This action cannot be undone.`}
    />
  );
}
