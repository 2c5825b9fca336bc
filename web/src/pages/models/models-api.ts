/** The model catalogue's console API (docs/model-catalogue.md "Administration"). */
import { http } from '../../api/client.ts';

export interface VendorView {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  status: number;
  model_count: number;
  created_time: number;
  updated_time: number;
}

export interface ModelMetaView {
  id: number;
  model_name: string;
  description: string | null;
  icon: string | null;
  tags: string | null;
  vendor_id: number | null;
  endpoints: string | null;
  context_length: number;
  max_output_tokens: number;
  input_modalities: string;
  output_modalities: string;
  status: number;
  name_rule: number;
  enable_groups: string[];
  matched_models?: string[];
  matched_count?: number;
}

export interface CatalogueList<Item> {
  items: Item[];
  total: number;
  page: number;
  page_size: number;
  vendor_counts?: Record<string, number>;
}

export type VendorInput = Pick<VendorView, 'name'> &
  Partial<Pick<VendorView, 'id' | 'description' | 'icon' | 'status'>>;
export type ModelMetaInput = Pick<ModelMetaView, 'model_name'> &
  Partial<Omit<ModelMetaView, 'model_name' | 'enable_groups' | 'matched_models' | 'matched_count'>>;

export const catalogueApi = {
  vendors: (keyword: string, page: number, pageSize: number) =>
    http.get<CatalogueList<VendorView>>('/api/vendors/search', { keyword, p: page, page_size: pageSize }),
  saveVendor: (input: VendorInput) =>
    input.id ? http.put<VendorView>('/api/vendors/', input) : http.post<VendorView>('/api/vendors/', input),
  deleteVendor: (id: number) => http.del(`/api/vendors/${id}`),
  models: (keyword: string, vendor: string, page: number, pageSize: number) =>
    http.get<CatalogueList<ModelMetaView>>('/api/models/search', {
      keyword,
      vendor,
      p: page,
      page_size: pageSize,
    }),
  saveModel: (input: ModelMetaInput) =>
    input.id
      ? http.put<ModelMetaView>('/api/models/', input)
      : http.post<ModelMetaView>('/api/models/', input),
  setModelStatus: (id: number, status: number) =>
    http.put<ModelMetaView>('/api/models/', { id, status }, { status_only: 'true' }),
  deleteModel: (id: number) => http.del(`/api/models/${id}`),
  missing: () => http.get<string[]>('/api/models/missing'),
};

/** Catalogue query keys; every change invalidates the whole catalogue and the price list. */
export const catalogueQueryKeys = {
  all: ['catalogue'] as const,
  vendors: (keyword: string, page: number, pageSize: number) =>
    ['catalogue', 'vendors', keyword, page, pageSize] as const,
  models: (keyword: string, vendor: string, page: number, pageSize: number) =>
    ['catalogue', 'models', keyword, vendor, page, pageSize] as const,
  missing: ['catalogue', 'missing'] as const,
};
