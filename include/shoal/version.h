/* shoal public API: version. */
#ifndef SHOAL_VERSION_H
#define SHOAL_VERSION_H

#define SHOAL_MAJOR_VERSION 0
#define SHOAL_MINOR_VERSION 1
#define SHOAL_PATCH_VERSION 0
#define SHOAL_VERSION_STR2_(x) #x
#define SHOAL_VERSION_STR_(x) SHOAL_VERSION_STR2_(x)
/* What shoal_info_get_name returns (OpenSHMEM's SHMEM_VENDOR_STRING and
 * NVSHMEM's NVSHMEM_VENDOR_STRING are this string too). */
#define SHOAL_VENDOR_STRING                                                          \
  "shoal " SHOAL_VERSION_STR_(SHOAL_MAJOR_VERSION) "." SHOAL_VERSION_STR_(SHOAL_MINOR_VERSION) "." \
      SHOAL_VERSION_STR_(SHOAL_PATCH_VERSION)
#define SHOAL_MAX_NAME_LEN 256

#endif /* SHOAL_VERSION_H */
