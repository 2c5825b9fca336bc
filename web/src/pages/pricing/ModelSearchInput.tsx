import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCompositionFilter } from './composition-filter.ts';

/** The model-name search box; it filters as the user types, but not while an input method composes. */
export function ModelSearchInput({ onSearch }: { onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const filter = useMemo(() => createCompositionFilter((query) => onSearchRef.current(query)), []);

  return (
    <Input
      allowClear
      value={text}
      prefix={<SearchOutlined />}
      placeholder={t('pricing.search.placeholder')}
      aria-label={t('pricing.search.label')}
      style={{ width: 260 }}
      data-testid="pricing-search"
      onCompositionStart={() => filter.compositionStart()}
      onCompositionEnd={(event) => filter.compositionEnd(event.currentTarget.value)}
      onChange={(event) => {
        setText(event.target.value);
        const native = event.nativeEvent as Partial<InputEvent>;
        filter.change(event.target.value, native.isComposing === true);
      }}
    />
  );
}
