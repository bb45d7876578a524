/* shoal public API: version. */
#ifndef SHOAL_VERSION_H
#define SHOAL_VERSION_H

#define SHOAL_MAJOR_VERSION 0
#define SHOAL_MINOR_VERSION 1
#define SHOAL_PATCH_VERSION 0
#define SHOAL_VENDOR_STRING "shoal"
#define SHOAL_MAX_NAME_LEN 256

#endif /* SHOAL_VERSION_H */
