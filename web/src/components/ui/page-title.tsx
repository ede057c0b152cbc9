import { PRODUCT_NAME } from '@/config/constants';

type PageTitleProps = { title: string; subtitle?: string };

/**
 * Page heading plus the browser tab title. React 19 hoists <title> into <head>,
 * so no helmet library is needed.
 */
export function PageTitle({ title, subtitle }: PageTitleProps) {
  return (
    <>
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <h1 className="font-serif text-3xl font-bold text-amber-900">{title}</h1>
      {subtitle ? <p className="mt-2 text-stone-600">{subtitle}</p> : null}
    </>
  );
}
